import { useMemo } from 'react';
import { loadDefinition, type LoadedDefinition } from '@reclaim/engine';
import { useGetPublishedDefinitionQuery } from '../assessmentApi';

export interface LoadedDefinitionState {
  definition: LoadedDefinition | null;
  /** The API could not give the definition. */
  fetchFailed: boolean;
  /** The definition was given but cannot be used (invalid, or no questions). */
  unusable: boolean;
  isLoading: boolean;
}

/**
 * The published definition the API serves (the version the server evaluates with), checked by the
 * engine's build-time validators. Skipped until the service type is known.
 */
export function useLoadedDefinition(serviceType: string | null | undefined): LoadedDefinitionState {
  const query = useGetPublishedDefinitionQuery(serviceType ?? '', { skip: !serviceType });
  const loaded = useMemo(() => {
    if (!query.data) return { definition: null, unusable: false };
    try {
      const definition = loadDefinition(query.data.definition, { parameterSets: query.data.parameterSets });
      return { definition, unusable: definition.questionnaire.questions.length === 0 };
    } catch {
      return { definition: null, unusable: true };
    }
  }, [query.data]);
  return {
    definition: loaded.unusable ? null : loaded.definition,
    fetchFailed: query.isError,
    unusable: loaded.unusable,
    isLoading: !!serviceType && (query.isLoading || query.isFetching) && !query.data,
  };
}
