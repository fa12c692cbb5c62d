import { buildIfNeeded } from './build.ts';

// `npm start`: production server, built on first start or whenever the page sources changed.
buildIfNeeded();
process.env.NODE_ENV = 'production';
await import('../src/server/main.ts');
