// UI: the policies to compare — pick, add a variant, edit parameters.

import { useApp } from '../state/store';
import { selectPolicies } from '../state/selectors';
import { specLabels } from '../state/labels';
import { policyDoc } from '../core/catalog';
import { fieldsOf } from '../core/params';
import { ParamEditor } from './ParamEditor';

/** The chosen policies, each with its own parameters (types, ranges and defaults from the core's catalogue). */
export function PolicyList() {
  const specs = useApp(selectPolicies);
  const { addVariant, removePolicy, setParam } = useApp.getState();
  if (specs.length === 0) return <p className="hint">No policy chosen.</p>;
  const labels = specLabels(specs);
  return (
    <ul className="policy-list" aria-label="Chosen policies">
      {specs.map((spec, i) => {
        const doc = policyDoc(spec.id);
        const label = labels[i];
        return (
          <li key={i}>
            <div className="policy-head">
              <strong>{label}</strong>
              <button type="button" className="small" aria-label={`Add a variant of ${label}`} onClick={() => addVariant(i)}>
                + variant
              </button>
              <button type="button" className="small" aria-label={`Remove ${label}`} onClick={() => removePolicy(i)}>
                ✕
              </button>
            </div>
            {doc && <ParamEditor fields={fieldsOf(doc.params, spec.params)} owner={label} onChange={(k, v) => setParam(i, k, v)} />}
          </li>
        );
      })}
    </ul>
  );
}
