/**
 * The form renderer as the browser loads it: the schema form with the stylesheets of its fields.
 * They are imported here, not in the components, because the server imports those components to
 * draw the registration's first step, and a stylesheet is not a module it can load.
 */
import '../../styles/schema-form.css';
import '../../styles/form-widgets.css';
import '../../styles/date-input.css';

export { SchemaForm } from './schema-form';
