import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native, WASM or worker-spawning packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'pdfjs-dist',
    'tesseract.js',
    'harfbuzzjs',
    'xlsx',
    'pdf-lib',
    '@pdf-lib/fontkit',
  ],
  poweredByHeader: false,
};

export default nextConfig;
