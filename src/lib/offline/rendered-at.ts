/**
 * The server's time of a page render (ms), which the tablet's device store orders sessions by (decision 0037): a page
 * kept by the service worker from before a sign-out is older than what the device saw since.
 */
export const renderedAtNow = (): number => Date.now();
