import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

// Heavy libraries that only some screens need get their own chunks, so the login page
// downloads React, the router and the few antd pieces of the form, and nothing more.
const chunkGroups: { name: string; test: RegExp }[] = [
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
  { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/ },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
];

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: chunkGroups.map((g) => ({ name: g.name, test: g.test })),
        },
      },
    },
  },
});
