// Defines <tensorcast-playground> in the browser; in Node (the build's
// server-side rendering) this import does nothing and throws nothing.
import 'tensorcast/playground';
