// Run by ../../runners.test.js under Jest (ES module mode).
import { expect, test } from '@jest/globals';
import { init } from 'tensorcast';
import { defineCases } from '../equality-cases.cjs';

defineCases(test, expect, init);
