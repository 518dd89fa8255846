import { useState, type FormEvent } from 'react';
import { buttonSecondary, inputClass, labelClass } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/toast';
import type { SavedView, WorkbenchFilters } from '../types';
import { useCreateViewMutation, useDeleteViewMutation, useListViewsQuery } from '../workbenchApi';

/** The staff member's saved views: open one, save the current filters under a name, delete. */
export function SavedViews({
  filters,
  onOpen,
}: {
  filters: WorkbenchFilters;
  onOpen: (view: SavedView) => void;
}) {
  const { data } = useListViewsQuery();
  const [create, { isLoading: saving }] = useCreateViewMutation();
  const [remove] = useDeleteViewMutation();
  const [name, setName] = useState('');
  const [current, setCurrent] = useState('');
  const views = data?.results ?? [];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const view = await create({ name: name.trim(), filters }).unwrap();
      setCurrent(view.id);
      setName('');
      toast.success(`View “${view.name}” saved`);
    } catch (err) {
      toast.error(errorMessage(err, 'The view could not be saved'));
    }
  };

  const open = (id: string) => {
    setCurrent(id);
    const view = views.find((v) => v.id === id);
    if (view) onOpen(view);
  };

  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="sm:w-64">
        <label htmlFor="saved-view" className={labelClass}>
          Saved view
        </label>
        <select id="saved-view" className={inputClass} value={current} onChange={(e) => open(e.target.value)}>
          <option value="">Choose a view…</option>
          {views.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </div>
      {current ? (
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => {
            void remove(current)
              .unwrap()
              .then(() => {
                setCurrent('');
                toast.success('View deleted');
              })
              .catch((err: unknown) => toast.error(errorMessage(err, 'The view could not be deleted')));
          }}
        >
          Delete view
        </button>
      ) : null}
      <form className="flex items-end gap-2" onSubmit={(e) => void save(e)} aria-label="Save these filters">
        <div className="sm:w-56">
          <label htmlFor="view-name" className={labelClass}>
            Save these filters as
          </label>
          <input
            id="view-name"
            className={inputClass}
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" className={buttonSecondary} disabled={saving || !name.trim()}>
          Save view
        </button>
      </form>
    </div>
  );
}
