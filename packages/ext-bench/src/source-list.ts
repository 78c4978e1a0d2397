/**
 * The external sources: pages and apps written by other people, each with a folder `sources/<name>/`
 * holding its LICENCE and a SOURCE.md (package, version, what is taken). The pages come from npm
 * or Debian packages: served from the package itself, or rendered at build time from the package's
 * own templates. They are served as they are: nothing in them is edited to make a task pass.
 */
import { dirname, join } from 'node:path';
import { adminLtePluginPaths } from './adminlte-plugins';
import { mirrorPaths } from './cdn-mirror';

export const BENCH_DIR = join(__dirname, '..');
export const SOURCES_DIR = join(BENCH_DIR, 'sources');

export interface Source {
  /** Folder under `sources/`, and the `source` of its tasks. */
  name: string;
  /** What it is, for the report. */
  title: string;
  /**
   * The folder served at the root of the source's own origin (its absolute paths must resolve):
   * under `sources/<name>/`, under the npm package `npmPackage` when that is set, or (an absolute
   * path) the folder where an installed Debian package put its pages.
   */
  webRoot: string;
  /**
   * Absolute paths the pages load from other installed packages (`/usr/share/javascript/jquery/`),
   * served from where the system has them: URL prefix → folder (a prefix ending in `/`), or one
   * URL path → one file. An allowlist: no other path outside the web root is served.
   */
  systemPaths?: Readonly<Record<string, string>>;
  /** An npm package (a dev dependency of this one) whose files are served unchanged from node_modules. */
  npmPackage?: string;
  /** Paths under the web root that are not part of the source (answered 404, never a task page). */
  excluded?: readonly string[];
  /** `/commands/actions` serves `commands/actions.html`, as the source's own dev server does. */
  cleanUrls: boolean;
}

export const SOURCES: readonly Source[] = [
  {
    name: 'kitchensink',
    title: "Cypress's kitchen-sink app",
    npmPackage: 'cypress-example-kitchensink',
    webRoot: 'app',
    cleanUrls: true,
    // A TodoMVC build ships beside the kitchen sink; TodoMVC stays independent of this benchmark.
    excluded: ['todo.html', 'assets/js/todo', 'assets/css/todo.css'],
  },
  { name: 'django-admin', title: "Django admin's sign-in page in 12 languages", webRoot: 'web', cleanUrls: false },
  {
    name: 'django-allauth',
    title:
      "django-allauth's account pages (sign in, sign up, password reset and change, e-mail, sign out) in 11 languages",
    webRoot: 'web',
    cleanUrls: false,
  },
  {
    name: 'django-auth',
    title: "Django's own password pages (reset, change, a new password after a reset link) in 11 languages",
    webRoot: 'web',
    cleanUrls: false,
  },
  { name: 'govuk-frontend', title: 'GOV.UK Design System (govuk-frontend examples)', webRoot: 'web', cleanUrls: false },
  { name: 'nhsuk-frontend', title: 'NHS.UK design system (nhsuk-frontend examples)', webRoot: 'web', cleanUrls: false },
  {
    name: 'tna-frontend',
    title: "The National Archives' design system (@nationalarchives/frontend examples)",
    webRoot: 'web',
    cleanUrls: false,
  },
  {
    name: 'sb-admin-2',
    title: 'Start Bootstrap SB Admin 2 (an admin template: Bootstrap 4, jQuery, DataTables)',
    npmPackage: 'startbootstrap-sb-admin-2',
    webRoot: '.',
    cleanUrls: false,
    excluded: ['scss', 'gulpfile.js'],
  },
  {
    name: 'adminlte',
    title:
      'AdminLTE 3 (an admin template: Bootstrap 4, jQuery, Select2, iCheck; sign-in pages, forms, a to-do list, a mailbox)',
    npmPackage: 'admin-lte',
    webRoot: '.',
    cleanUrls: false,
    excluded: ['build', 'docker-compose.yml', 'composer.json', '.idea'],
    // Its `plugins/` folder, as its own build script lays it out (src/adminlte-plugins.ts).
    get systemPaths() {
      return adminLtePluginPaths();
    },
  },
  {
    name: 'gentelella',
    title:
      'Gentelella 4 (an admin template in vanilla JavaScript built with Vite: sign-in pages, forms, a wizard, an inbox, a kanban board, a chat, tables)',
    npmPackage: 'gentelella',
    webRoot: 'dist',
    cleanUrls: false,
  },
  {
    name: 'moj-frontend',
    title: 'Ministry of Justice design system (@ministryofjustice/frontend)',
    webRoot: 'web',
    cleanUrls: false,
  },
  {
    name: 'uswds',
    title:
      "U.S. Web Design System (@uswds/uswds): its components' own test pages (combo box, date and time pickers, input masks, modal, accordion, table, validation)",
    webRoot: 'web',
    cleanUrls: false,
    // The package's compiled CSS, JavaScript and images, which the pages load from /dist/.
    get systemPaths() {
      return { '/dist/': dirname(dirname(require.resolve('@uswds/uswds'))) };
    },
  },
  {
    name: 'bootstrap-select',
    title:
      'bootstrap-select (a jQuery plugin that replaces selects with drop-downs: live search, multiple choice, option groups): its own usability test pages, Bootstrap 4 and 3',
    webRoot: 'web',
    cleanUrls: false,
    // The package's `dist/` (the pages load `../dist/`) and the CDN libraries' npm copies (src/cdn-mirror.ts).
    get systemPaths() {
      return {
        '/dist/': join(dirname(require.resolve('bootstrap-select/package.json')), 'dist'),
        ...mirrorPaths(['jquery-3.2.1', 'jquery-1.11.3', 'bootstrap-4.4.1', 'bootstrap-3.3.7', 'font-awesome']),
      };
    },
  },
  {
    name: 'daterangepicker',
    title:
      'Date Range Picker (daterangepicker: a jQuery date range picker with times, predefined ranges and a single-date mode): its documentation page and demo',
    webRoot: 'web',
    cleanUrls: false,
    // The package's own script, styles and site script beside its pages, and the CDN libraries' npm copies (src/cdn-mirror.ts).
    get systemPaths() {
      const pkg = dirname(require.resolve('daterangepicker/package.json'));
      const own = ['daterangepicker.js', 'daterangepicker.css', 'website.js', 'website.css'];
      return {
        ...Object.fromEntries(own.map((f) => [`/${f}`, join(pkg, f)])),
        ...mirrorPaths(['jquery-3.3.1', 'popper.js', 'bootstrap-4.1.0', 'moment', 'trianglify']),
      };
    },
  },
  {
    name: 'awesomplete',
    title:
      'Awesomplete (awesomplete: a dependency-free autocomplete under a text box): its documentation page, which is its demo',
    npmPackage: 'awesomplete',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'vanillajs-datepicker',
    title:
      'Vanilla JS Datepicker (vanillajs-datepicker: a date picker without dependencies, inline or as a range): its live demo in plain CSS',
    webRoot: 'web',
    cleanUrls: false,
    // The package's demo script and dist beside the built page, and the CDN files' npm copies (src/cdn-mirror.ts).
    get systemPaths() {
      // Its `exports` name no package.json: the folder is found from its main module, `js/main.js`.
      const pkg = dirname(dirname(require.resolve('vanillajs-datepicker')));
      return {
        '/demo/live-demo.js': join(pkg, 'demo', 'live-demo.js'),
        '/dist/': join(pkg, 'dist'),
        ...mirrorPaths(['bulma-tooltip', '@highlightjs/cdn-assets']),
      };
    },
  },
  {
    name: 'bootstrap-tagsinput',
    title:
      'Bootstrap Tags Input (bootstrap-tagsinput: a jQuery plugin that turns a text box or a multiple select into a box of tags, with typeahead.js suggestions): its examples page',
    webRoot: 'web',
    cleanUrls: false,
    // The package's dist and the examples' own assets beside the built page, and the CDN libraries' npm copies (src/cdn-mirror.ts).
    get systemPaths() {
      const pkg = dirname(require.resolve('bootstrap-tagsinput/package.json'));
      const own = { '/dist/': join(pkg, 'dist'), '/examples/assets/': join(pkg, 'examples', 'assets') };
      return { ...own, ...mirrorPaths(['jquery-2.1.4', 'bootstrap-3.3.5', 'typeahead.js']) };
    },
  },
  {
    name: 'generic-components',
    title: 'Generic Components (@generic-components/components): web components in shadow DOM, their demo pages',
    npmPackage: '@generic-components/components',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'selenium-pages',
    title: "Selenium's WebDriver test pages (selenium-webdriver 3.6.0): frames, framesets, a hover menu",
    npmPackage: 'selenium-webdriver',
    webRoot: 'lib/test/data',
    cleanUrls: false,
  },
  {
    name: 'superfish',
    title: 'jQuery Superfish menus (superfish): submenus that open on hover',
    npmPackage: 'superfish',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'swagger-ui',
    title:
      'Swagger UI (swagger-ui-dist): an API documentation app (React), on the OpenAPI Petstore of @readme/oas-examples',
    npmPackage: 'swagger-ui-dist',
    webRoot: '.',
    cleanUrls: false,
    systemPaths: {
      // The deployer's configuration block (sources/swagger-ui/SOURCE.md) and the documents it shows.
      '/swagger-initializer.js': join(SOURCES_DIR, 'swagger-ui', 'swagger-initializer.js'),
      '/specs/': dirname(require.resolve('@readme/oas-examples/package.json')),
    },
  },
  {
    name: 'rapidoc',
    title: 'RapiDoc (rapidoc): an API reference drawn by one web component in shadow roots, its own example page',
    npmPackage: 'rapidoc',
    webRoot: 'dist',
    cleanUrls: false,
  },
  {
    name: 'jsoneditor',
    title: "JSON Editor (jsoneditor): a JSON tree editor's own examples, its rows editable regions with no name",
    npmPackage: 'jsoneditor',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'simple-datatables',
    title:
      'simple-datatables (a data table without dependencies: search, sorting, paging, per-column filters, editing, row selection): its own demo pages',
    npmPackage: 'simple-datatables',
    webRoot: 'docs',
    cleanUrls: false,
    // The demos load `demos/dist/`, which the package's `build_demos` script fills with files it ships:
    // `dist/module.js`, `dist/umd/simple-datatables.js` (as `umd.js`) and `src/css/`.
    get systemPaths() {
      const pkg = dirname(require.resolve('simple-datatables/package.json'));
      return {
        '/demos/dist/module.js': join(pkg, 'dist', 'module.js'),
        '/demos/dist/umd.js': join(pkg, 'dist', 'umd', 'simple-datatables.js'),
        '/demos/dist/css/': join(pkg, 'src', 'css'),
      };
    },
  },
  {
    name: 'jstree',
    title:
      'jsTree (jstree: a jQuery plugin that draws trees opened by an arrow or a double-click): its demo page of seven trees',
    webRoot: 'web',
    cleanUrls: false,
    // The package's dist and the demo's JSON beside the built page, and jQuery's npm copy (src/cdn-mirror.ts).
    get systemPaths() {
      const pkg = dirname(require.resolve('jstree/package.json'));
      return {
        '/dist/': join(pkg, 'dist'),
        '/demo/basic/root.json': join(pkg, 'demo', 'basic', 'root.json'),
        ...mirrorPaths(['jquery-3.3.1']),
      };
    },
  },
  {
    name: 'json-editor',
    title:
      'JSON Editor (@json-editor/json-editor: forms drawn from a JSON Schema, with rows added, removed and moved, tabs, one-of choices, optional properties): its own test pages',
    npmPackage: '@json-editor/json-editor',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'jquery-bar-rating',
    title:
      'jQuery Bar Rating (jquery-bar-rating: ratings drawn over a hidden select, as bars, pills, squares and stars): its examples page',
    npmPackage: 'jquery-bar-rating',
    webRoot: '.',
    cleanUrls: false,
  },
  {
    name: 'jquery-ui',
    title: "jQuery UI's demo pages (Debian's libjs-jquery-ui-docs 1.13.2): its widgets, loaded with RequireJS",
    webRoot: '/usr/share/doc/libjs-jquery-ui-docs/examples',
    cleanUrls: false,
    systemPaths: {
      '/usr/share/javascript/jquery-ui/': '/usr/share/javascript/jquery-ui',
      '/usr/share/javascript/jquery/': '/usr/share/javascript/jquery',
      '/usr/share/javascript/jquery-mousewheel/': '/usr/share/javascript/jquery-mousewheel',
      // The pages ask for /usr/share/nodejs/require.js; Debian's node-requirejs installs it one folder down.
      '/usr/share/nodejs/require.js': '/usr/share/nodejs/requirejs/require.js',
    },
  },
];
