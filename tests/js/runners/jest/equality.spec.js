// Run by ../../runners.test.js under Jest (ES module mode).
import { expect, test } from '@jest/globals';
import { defineCases } from '../equality-cases.js';

defineCases(test, expect);
