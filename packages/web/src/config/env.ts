/** Where the API lives: same origin by default; a separate host with VITE_API_BASE. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';
export const PRODUCT_NAME = 'SpellWell';
export const COPYRIGHT_YEAR = 2025;
