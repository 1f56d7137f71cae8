import { describePermissions } from '../test/permission-suite.ts';

describePermissions('postgres');
