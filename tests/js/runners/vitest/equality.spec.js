// Run by ../../runners.test.js under Vitest.
import { init } from 'tensorcast';
import { expect, test } from 'vitest';
import { defineCases } from '../equality-cases.cjs';

defineCases(test, expect, init);
