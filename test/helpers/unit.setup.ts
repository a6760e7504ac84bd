import { configure } from '@testing-library/dom';

/**
 * findBy… and waitFor give up after 1 s by default: on CI's two cores, shared with the parallel
 * unit files, an antd form's validation has taken longer than that to show (CgformDesigner, stop 50).
 * A test that waits for something that never comes still fails, 5 s later.
 */
configure({ asyncUtilTimeout: 5000 });
