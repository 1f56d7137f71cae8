import { describePermissions } from '../test/permission-suite.ts';

describePermissions('sqlite');
