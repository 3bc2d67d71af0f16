/**
 * Sign-out and account deletion: this device's push subscription is dropped (issue 38,
 * lib/push-device.ts). Its code (and zod, which it brings) is fetched only then: the sign-out
 * button is on every page and the landing page's JavaScript has a budget. Offline, the service
 * worker has the file; if it cannot be had, signing out goes on.
 */
export const forgetThisDevice = (): Promise<void> =>
  import('./push-device').then(
    (device) => device.forgetThisDevice(),
    () => undefined,
  );
