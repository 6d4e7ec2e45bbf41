import { Button, Field, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ReportFilters, ReportOption } from '../../../../machines/reports/report-filter.machine.js';
import { ReportTexts } from '../../../shared/reports/report-rules.js';

/** A filter of a report's form: a text, a date (no future day can be picked) or a select. */
export interface ReportField {
  name: string;
  label: string;
  kind: 'text' | 'date' | 'select';
  /** A select's fixed choices; otherwise those the machine loaded for this name. */
  choices?: ReportOption[];
  /** A select's fixed choices under labelled groups (shown instead of `choices`). */
  groups?: { label: string; choices: ReportOption[] }[];
  /** A select's first option (no filter). */
  placeholder?: string;
}

/** The filter form: fields with their problems, 'Buscar' (Enter too) and 'Limpiar'. */
export function ReportFiltersForm({
  fields,
  draft,
  problems,
  options,
  today,
  onEdit,
  onApply,
  onClear,
}: {
  fields: ReportField[];
  draft: ReportFilters;
  problems: Record<string, string>;
  options: Record<string, ReportOption[]>;
  today: string;
  onEdit: (name: string, value: string) => void;
  onApply: () => void;
  onClear: () => void;
}) {
  return (
    <form
      aria-label="Filtros del reporte"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" alignItems="end">
        {fields.map((f) => (
          <Field.Root key={f.name} invalid={Boolean(problems[f.name])}>
            <Field.Label>{f.label}</Field.Label>
            {f.kind === 'select' ? (
              <NativeSelect.Root>
                <NativeSelect.Field
                  bg="white"
                  value={draft[f.name] ?? ''}
                  onChange={(e) => onEdit(f.name, e.target.value)}
                >
                  <option value="">{f.placeholder ?? ReportTexts.all}</option>
                  {f.groups
                    ? f.groups.map((g) => (
                        <optgroup key={g.label} label={g.label}>
                          {g.choices.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </optgroup>
                      ))
                    : (f.choices ?? options[f.name] ?? []).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input
                bg="white"
                type={f.kind}
                value={draft[f.name] ?? ''}
                max={f.kind === 'date' ? today : undefined}
                maxLength={f.kind === 'text' ? 64 : undefined}
                onChange={(e) => onEdit(f.name, e.target.value)}
              />
            )}
            <Field.ErrorText>{problems[f.name]}</Field.ErrorText>
          </Field.Root>
        ))}
      </SimpleGrid>
      <Flex gap="3" mt="3" wrap="wrap">
        <Button type="submit" colorPalette="teal">
          {ReportTexts.search}
        </Button>
        <Button variant="outline" onClick={onClear}>
          {ReportTexts.clear}
        </Button>
      </Flex>
    </form>
  );
}
