import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    // react-router's package exports name only its development build (remix-run/react-router#12532,
    // #14102): a build takes the production one, without the development warnings and checks.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(
                path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : [],
  },
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
      // The back-office app, and the exam page students take exams on (served for /take/<examId>):
      // its own entry, so it loads none of antd, the shell or the router.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        exam: fileURLToPath(new URL('exam.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // Heavy libraries that only some screens need get their own chunks.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            { name: 'exceljs', test: /node_modules[\\/]exceljs[\\/]/ },
            // React itself, shared with the exam page; the router is the main app's alone and travels in
            // `login` (in `react` the exam page would load it too: 27 KB).
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Vite's helper for dynamic imports, which both pages use (small: its own file, so the exam page
            // does not load `login` for it).
            { name: 'preload', test: /vite[\\/]preload-helper/ },
            // The contract's schema-free route table (and endpointRef), which both pages call through, and
            // its enum helper (labels.ts), which both pages' enums are declared with: their own file, so
            // the exam page does not load `login` for them.
            { name: 'routes', test: /contract[\\/]src[\\/](routes\.generated|endpoint|labels)\.ts$/ },
            // The login pages with what they import beyond React (antd's form and inputs, the request
            // client, i18next), and what the entry loads before any page: the login page comes in four
            // files rather than twenty (each answer's headers count too, and brotli compresses one
            // large file better than many small ones). The shell takes the antd pieces they share
            // from `login`.
            { name: 'login', test: /[\\/]src[\\/]login[\\/]/ },
            // The exam page's own modules (what it loads at once; KaTeX and the formula module stay lazy).
            // These last two groups are split by entry (`entriesAware`), so neither page's first load
            // takes the other's modules: without it `boot` would hold both entries' code.
            {
              name: 'exam',
              test: /[\\/]src[\\/]exam-page[\\/]|node_modules[\\/]idb[\\/]/,
              tags: ['$initial'],
              entriesAware: true,
            },
            { name: 'boot', tags: ['$initial'], entriesAware: true },
          ],
        },
      },
    },
  },
}));
