/** Set by playwright.config.ts before the workers start. */
export const port = Number(process.env.E2E_PORT);
export const dataDir = process.env.E2E_DATA_DIR!;
export const baseURL = `http://127.0.0.1:${port}`;
export const mailDir = process.env.E2E_MAIL_DIR!;
