// Run by ../../runners.test.js under Jest as it runs by default (CommonJS,
// no flags): require('tensorcast') takes the package's CommonJS entry.
const { init } = require('tensorcast');
const { defineCases } = require('../equality-cases.cjs');

defineCases(test, expect, init);
