import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // Every browser we support preloads modules itself; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Heavy libraries that only some screens need get their own chunks.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The login pages with what they import beyond React (antd's form and inputs, the request
            // client, i18next), and what the entry loads before any page: the login page comes in four
            // files rather than twenty (each answer's headers count too, and brotli compresses one
            // large file better than many small ones). The shell takes the antd pieces they share
            // from `login`.
            { name: 'login', test: /[\\/]src[\\/]login[\\/]/ },
            { name: 'boot', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
