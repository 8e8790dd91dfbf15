/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One Vite config for the console build, Storybook (which merges it) and vitest.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
  build: { outDir: 'dist', chunkSizeWarningLimit: 900 },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'stories/**/*.test.ts', 'server/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
});
