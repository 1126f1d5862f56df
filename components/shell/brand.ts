export const PRODUCT_TAGLINE = 'Simple, useful online tools for everyday work — fast, private and easy on any device.';
