import type { MetadataRoute } from 'next';
import { getSiteFacts } from '@/lib/site';

/** Made per request: the product's name is configuration, read when the server runs, not when it is built. */
export const dynamic = 'force-dynamic';

/** The web app manifest: the site installs on an Android home screen with its name and icons, and opens on its home page. */
export default function manifest(): MetadataRoute.Manifest {
  const { productName } = getSiteFacts();
  return {
    name: productName,
    short_name: productName,
    description: 'Useful online tools: voter slip generator, and more coming soon.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#6674f0',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
