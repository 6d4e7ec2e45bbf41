import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Chakra's theme module builds the default system's config from every recipe it has, so any
 * import of '@chakra-ui/react/theme' (the tokens our systems need) would put every recipe in the
 * first screen's chunk. The app never uses that default config (src/web/theme.ts names its
 * recipes), so the build gives the theme module empty recipe lists: each recipe then lands in the
 * chunk of the system that names it.
 */
function withoutChakraDefaultRecipes(): Plugin {
  const empty: Record<string, string> = {
    './recipes.js': 'export const recipes = {};',
    './slot-recipes.js': 'export const slotRecipes = {};',
  };
  return {
    name: 'without-chakra-default-recipes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source in empty &&
        importer &&
        /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/.test(importer)
      )
        return `\0chakra-default-${source.slice(2)}`;
      return null;
    },
    load(id) {
      return id.startsWith('\0chakra-default-') ? empty[`./${id.slice('\0chakra-default-'.length)}`] : null;
    },
  };
}

/**
 * The app shell's service worker (Workbox, generated at build): it precaches the built shell (HTML,
 * scripts, styles, fonts, icons) so a screen opens with no connection (the gate at /checkin), and
 * answers every navigation with the cached index.html. It caches no API answer: nothing with
 * personal data is ever in Cache Storage (docs/decisions.md, offline gate). The gate's screen
 * registers it (src/web/views/passes/gate.api.ts), so no other screen downloads the precache.
 */
const shellWorker = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,svg,ico}', 'icons/*.png'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/oauth\//, /^\/socket\.io\//],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
  },
});

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), withoutChakraDefaultRecipes(), shellWorker],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Every module the first screen runs before it shows (rolldown's '$initial': imported
        // statically from the entry, at any depth, as the tree-shaken graph has it) goes in one file.
        // Left to the default splitting, each of those modules that a later screen also uses was put
        // in a small chunk of its own: 20 files, about 5 KB more gzipped, since each file's
        // compression starts without the others' words. The group takes no dependency beyond those
        // modules (a library's index re-exports far more than the first screen uses), and needs
        // none: what an initial module imports statically is initial too.
        codeSplitting: {
          groups: [{ name: 'first-screen', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/oauth': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
