import { afterAll } from 'vitest';
import { closeSharedBrowser } from './helpers/browser';

afterAll(closeSharedBrowser);
