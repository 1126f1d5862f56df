/** The product's name lives in lib/site.ts (one place for site facts); the shell re-exports it. */
export { SITE_NAME as PRODUCT_NAME } from '@/lib/site';
export const PRODUCT_TAGLINE = 'Simple, useful online tools for everyday work — fast, private and easy on any device.';
