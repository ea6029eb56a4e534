// Run by ../../runners.test.js under Vitest.
import { expect, test } from 'vitest';
import { defineCases } from '../equality-cases.js';

defineCases(test, expect);
