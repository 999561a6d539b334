// The opt-in probes (npm run probe:big): the e2e configuration, another folder.
import base from './playwright.config';
import { defineConfig } from '@playwright/test';

export default defineConfig({ ...base, testDir: 'e2e-probes', timeout: 30 * 60_000 });
