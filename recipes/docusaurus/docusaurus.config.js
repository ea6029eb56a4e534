// A course site made with Docusaurus, with <tensorcast-playground> on its
// pages (docs/*.md). What tensorcast needs is the client module below: one
// line, `import 'tensorcast/playground'`. Docusaurus runs client modules
// in Node too while it renders each page's HTML (the build's SSR); there the
// import does nothing, and in the browser it defines the element.
export default {
  title: 'Broadcasting in PyTorch',
  url: 'https://course.example.org',
  // Served from a sub-path, as a course site often is.
  baseUrl: '/course/',
  favicon: 'img/favicon.svg',
  onBrokenLinks: 'throw',
  clientModules: ['./src/tensorcast.js'],
  presets: [
    [
      'classic',
      {
        docs: { routeBasePath: '/', sidebarPath: false },
        blog: false,
        pages: false,
      },
    ],
  ],
  themeConfig: {
    navbar: {
      title: 'Broadcasting in PyTorch',
      items: [
        { to: '/', label: 'Lesson', position: 'left' },
        { to: '/zh', label: '中文', position: 'left' },
      ],
    },
    colorMode: { respectPrefersColorScheme: true },
  },
};
