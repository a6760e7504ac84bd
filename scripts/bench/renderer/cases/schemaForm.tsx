// The generic form: the real FormModal in `add` mode (no request), 2,000 fields compiled from the schema.
import './instrument-form';
import { FormModal } from '../../../../src/web/renderer/FormModal';
import { formSchema } from '../data';

const onClose = () => undefined;

export default function SchemaForm() {
  return <FormModal schema={formSchema} mode="add" record={null} onClose={onClose} />;
}
