import type { ReactNode } from 'react';

// Placeholder: replaced by the sign-in issue.
export function AuthProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
