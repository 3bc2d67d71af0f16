// Placeholder: replaced by the sign-in issue (shown only when signed in; "Logging Out" while pending).
export function LogoutButton() {
  return null;
}
