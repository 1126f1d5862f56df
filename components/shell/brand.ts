/** The product's name (SPEC §1 leaves it open): shown in the navbar, the home headline and page titles. */
export const PRODUCT_NAME = 'Sahayak Tools';
export const PRODUCT_TAGLINE = 'Simple, useful online tools for everyday work — fast, private and easy on any device.';
