import { startExport } from './modules/export/export.service';
import { localStorage } from './modules/file/file.storage';
import { fileLinking } from './modules/file/file-links';
import { syncPermissionCatalogue } from './modules/role/role.service';
import { exportStarter, fileLinkStore, provisioning } from './platform/ports';
import { seedDemo } from './seed/demo';

// The platform's ports (platform/ports.ts), filled when this file is imported: by app.ts (so the
// server, the operator commands and the tests have them before anything starts: the start-up
// migrates, syncs the menu and seeds the demo data before any app is built), and by whatever else
// seeds or opens a database without an app (the test templates, the benches).
fileLinkStore.fill(fileLinking);
exportStarter.fill(startExport);
provisioning.fill({
  syncPermissions: syncPermissionCatalogue,
  seedDemo: async (db, password, filesDir) => {
    await seedDemo(db, { password, storage: localStorage(filesDir) });
  },
});
