/**
 * No import cycle anywhere in the repository, type-only imports included (issue 41): a circle of
 * files is a knot whoever reads the code has to hold at once. The API's layers and private
 * repositories are lint rules of their own (eslint/architecture.js); docs/architecture.md says why.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop: move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count: they tie files together for a reader as much as values do.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
  },
};
