import { useEffect, useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { buttonPrimary, cardClass, inputClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { statusLabel } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/use-auth';
import { ALL_CLAIM_STATUSES } from '../../portal/types';
import {
  useGetServiceStaffQuery,
  useGetSlaTargetsQuery,
  useListStaffQuery,
  useSetServiceStaffMutation,
  useSetSlaTargetsMutation,
} from '../workbenchApi';

function SlaTargetsForm() {
  const { data } = useGetSlaTargetsQuery();
  const [save, { isLoading }] = useSetSlaTargetsMutation();
  const [days, setDays] = useState<Record<string, string>>({});
  useEffect(() => {
    if (data) setDays(Object.fromEntries(data.targets.map((t) => [t.status, String(t.working_days)])));
  }, [data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const targets = ALL_CLAIM_STATUSES.filter((s) => (days[s] ?? '').trim() !== '').map((s) => ({
      status: s,
      working_days: Number(days[s]),
    }));
    try {
      await save({ targets }).unwrap();
      toast.success('SLA targets saved');
    } catch (err) {
      toast.error(errorMessage(err, 'The SLA targets could not be saved'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="SLA targets">
      <p className="text-sm text-ink-600">
        Working days (Monday to Friday) a claim may stay in each status; leave empty for no target.
      </p>
      {ALL_CLAIM_STATUSES.map((s) => (
        <div key={s} className="flex items-center gap-3">
          <label htmlFor={`sla-${s}`} className="w-48 text-sm text-ink-800">
            {statusLabel(s)}
          </label>
          <input
            id={`sla-${s}`}
            type="number"
            min={1}
            max={365}
            className={`${inputClass} w-28`}
            value={days[s] ?? ''}
            onChange={(e) => setDays((prev) => ({ ...prev, [s]: e.target.value }))}
          />
        </div>
      ))}
      <button type="submit" className={buttonPrimary} disabled={isLoading}>
        Save SLA targets
      </button>
    </form>
  );
}

function ServiceRow({ service, name, chosen }: { service: string; name: string; chosen: string[] }) {
  const staff = useListStaffQuery().data?.results ?? [];
  const [save, { isLoading }] = useSetServiceStaffMutation();
  const [ids, setIds] = useState<string[]>(chosen);
  const chosenKey = chosen.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the saved list changes
  useEffect(() => setIds(chosen), [chosenKey]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ service, user_ids: ids }).unwrap();
      toast.success(`${name}: assignment saved`);
    } catch (err) {
      toast.error(errorMessage(err, 'The assignment could not be saved'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="border-b border-ink-100 py-3">
      <fieldset>
        <legend className="text-sm font-semibold text-ink-900">{name}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {staff.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                checked={ids.includes(s.id)}
                onChange={(e) =>
                  setIds((prev) => (e.target.checked ? [...prev, s.id] : prev.filter((id) => id !== s.id)))
                }
              />
              {s.display_name}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${buttonPrimary} mt-2`} disabled={isLoading}>
        Save {name}
      </button>
    </form>
  );
}

/** Admins: SLA targets per status, and which staff take new claims of each service (round robin). */
export default function WorkbenchSettingsPage() {
  const services = useGetServiceStaffQuery().data?.results ?? [];
  // Staff may read the settings; only an administrator may change them (the API refuses others).
  const { user } = useAuth();
  const readOnly = user?.role !== 'ADMIN';
  return (
    <div className="space-y-6">
      <PageHeader
        title="Workbench settings"
        description="SLA targets per status, and who takes new claims of each service in turn."
      />
      {readOnly ? (
        <p role="status" className="alert-info">
          Only an administrator can change these settings.
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="space-y-6">
        <section className={cardClass} aria-labelledby="sla-heading">
          <h2 id="sla-heading" className="mb-4 text-lg font-semibold text-ink-900">
            SLA targets
          </h2>
          <SlaTargetsForm />
        </section>
        <section className={cardClass} aria-labelledby="assign-heading">
          <h2 id="assign-heading" className="mb-2 text-lg font-semibold text-ink-900">
            Assignment by service
          </h2>
          <p className="text-sm text-ink-600">New claims go to the ticked staff members in turn.</p>
          {services.map((s) => (
            <ServiceRow
              key={s.service_type}
              service={s.service_type}
              name={s.service_name ?? s.service_type}
              chosen={s.staff.map((p) => p.id)}
            />
          ))}
        </section>
      </fieldset>
    </div>
  );
}
