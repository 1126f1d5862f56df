import type { NextConfig } from 'next';
import { configHeaders } from './lib/api/security-headers';

const nextConfig: NextConfig = {
  // Native, WASM or worker-spawning packages must be loaded by Node at run time, not bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'sharp',
    'pdfjs-dist',
    '@embedpdf/pdfium',
    'tesseract.js',
    'onnxruntime-node',
    'harfbuzzjs',
    'xlsx',
    '@cantoo/pdf-lib',
    '@napi-rs/canvas',
    '@tesseract.js-data/eng',
    '@expo-google-fonts/noto-sans-devanagari',
    '@expo-google-fonts/noto-sans-gujarati',
    '@expo-google-fonts/noto-sans-bengali',
    '@expo-google-fonts/noto-sans-gurmukhi',
    '@expo-google-fonts/noto-sans-oriya',
    '@expo-google-fonts/noto-sans-tamil',
    '@expo-google-fonts/noto-sans-telugu',
    '@expo-google-fonts/noto-sans-kannada',
    '@expo-google-fonts/noto-sans-malayalam',
    // the tus server (resumable uploads) and its optional Redis lockers, loaded as Node loads them
    '@tus/server',
  ],
  poweredByHeader: false,
  // Clients call GET /api/users/me/ with a trailing slash: answer it directly instead of a 308 to the
  // slash-less path (clients such as the desktop app may not follow redirects with the bearer header).
  skipTrailingSlashRedirect: true,
  // Security headers on every answer (pages also get their nonce policy from proxy.ts).
  async headers() {
    return configHeaders(process.env.NODE_ENV === 'production');
  },
};

export default nextConfig;
