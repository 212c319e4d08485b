import { transformFor } from '../transform';

export default transformFor(['question-preselected-removed']);
