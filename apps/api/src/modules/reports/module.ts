import { defineModule } from '../module.ts';
import { reportRoutes } from './routes.ts';
import { createReports, type ReportService } from './service.ts';

declare module '../capabilities.ts' {
  interface Capabilities {
    /** A patient's stored files, removed with their account. */
    forgetFilesOf: ReportService['forgetReportsOf'];
  }
}

/** Medical reports: files a patient or their doctor adds to the record. */
export const reportsModule = defineModule({
  name: 'reports',
  needs: ['isLinked', 'announceReportUpload'],
  create: ({ db }, needs) => createReports(db, needs.isLinked, needs.announceReportUpload),
  provides: (reports) => ({ forgetFilesOf: reports.forgetReportsOf }),
  routes: (reports) => ({ care: [reportRoutes(reports)] }),
});
