/**
 * The child a parent last practised with or picked on the dashboard (issue 35), per parent on
 * this device: the landing page's "Start Practicing Now" opens that child's tab. Only an id,
 * never a name; storage that is unavailable just means the first child opens.
 */
const keyOf = (parentId: string) => `lastChild:${parentId}`;

export const lastChild = {
  get(parentId: string): string | null {
    try {
      return localStorage.getItem(keyOf(parentId));
    } catch {
      return null;
    }
  },
  set(parentId: string, childId: string): void {
    try {
      localStorage.setItem(keyOf(parentId), childId);
    } catch {
      // storage unavailable or full: the first child opens instead
    }
  },
};
