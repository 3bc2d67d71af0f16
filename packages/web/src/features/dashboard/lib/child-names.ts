const key = (text: string) => text.trim().normalize('NFC').toLocaleLowerCase();

/** True when a child of that name (ignoring case and spaces around it) is already listed. */
export function hasChildNamed(name: string, children: readonly { name: string }[]): boolean {
  return children.some((child) => key(child.name) === key(name));
}
