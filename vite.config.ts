import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/oauth': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
