import { TaskType } from '@lyceum/contract';
import { attendanceForLive } from './modules/attendance/attendance-live';
import { courseSales } from './modules/course/course-sales';
import { courseTaskKind } from './modules/course/course-tasks';
import { awaitingOrdersOf } from './modules/course-order/course-order-holds';
import { courseOrderPurpose } from './modules/course-order/course-order-paid';
import { startExport } from './modules/export/export.service';
import { localStorage } from './modules/file/file.storage';
import { fileLinking } from './modules/file/file-links';
import { knowledgeTaskKind } from './modules/knowledge/knowledge-tasks';
import { liveAttendance } from './modules/live-class/live-attendance';
import { paymentPurposes } from './modules/payment/payment-purposes';
import { syncPermissionCatalogue } from './modules/role/role.service';
import { orgCurrency } from './modules/system-config/system-config.service';
import { registerTaskKind } from './modules/task/task-kinds';
import { tuitionPurpose } from './modules/tuition/tuition-purpose';
import { exportStarter, fileLinkStore, provisioning } from './platform/ports';
import { seedDemo } from './seed/demo';

// The platform's ports (platform/ports.ts), filled when this file is imported: by app.ts (so the
// server, the operator commands and the tests have them before anything starts: the start-up
// migrates, syncs the menu and seeds the demo data before any app is built), and by whatever else
// seeds or opens a database without an app (the test templates, the benches).
fileLinkStore.fill(fileLinking);
// Tasks of types 2 and 3: the course and knowledge modules publish them (task-kinds.ts).
registerTaskKind(TaskType.Course, courseTaskKind);
registerTaskKind(TaskType.KnowledgeBase, knowledgeTaskKind);
exportStarter.fill(startExport);
// A live class's roll calls and marks: the attendance module keeps the register (live-attendance.ts).
liveAttendance.fill(attendanceForLive);
// Priced courses in the catalogue (orders awaiting payment, the currency), and course orders paid
// and refunded through the payment module (course-order-paid.ts).
courseSales.fill({ awaitingOrdersOf, currency: orgCurrency });
paymentPurposes.register('courseOrder', courseOrderPurpose);
// Tuition paid, allocated to instalments, refunded (tuition-purpose.ts).
paymentPurposes.register('tuition', tuitionPurpose);
provisioning.fill({
  syncPermissions: syncPermissionCatalogue,
  seedDemo: async (db, password, filesDir) => {
    await seedDemo(db, { password, storage: localStorage(filesDir) });
  },
});
