// The sidebar's areas by their path, apart from the catalogue (menu-catalogue.ts uses these), so what
// needs only the paths (the login page telling an organisation's /{domain}/login from the app's own
// pages, a domain's rule) does not carry every page title of the product with it.
export const MENU_AREA_PATHS = {
  user: '/user',
  baseData: '/baseData',
  question: '/question',
  exam: '/exam',
  task: '/task',
  team: '/team',
  teaching: '/teaching',
  training: '/training',
  message: '/message',
  mall: '/mall',
  statistics: '/statistics',
  log: '/log',
  study: '/study',
} as const;

// First path segments of the web app's own pages (lower case: the router ignores case). No
// organisation may take one as its domain, or its login page /{domain}/login would be one of ours
// (Logs > Login log is /log/login). The catalogue's areas, plus the shell's fixed routes and the
// login pages (the web's routes.test.ts checks its fixed routes are all here).
export const appPathSegments: ReadonlySet<string> = new Set([
  ...Object.values(MENU_AREA_PATHS).map((p) => p.split('/')[1]!.toLowerCase()),
  ...['api', 'login', 'stafflogin', 'redirect', 'dashboard', 'profile'],
  ...['task', 'user', 'examregister', 'team', 'answer'],
]);
