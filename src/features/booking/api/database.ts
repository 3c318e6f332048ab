/**
 * The part of the database the booking form reads, typed by hand until `npm run db:types`
 * generates src/lib/database.types.ts (then this file goes and the generated type is used).
 */
type Table<Row> = {
  Row: Row;
  Insert: Partial<Row>;
  Update: Partial<Row>;
  Relationships: [];
};

export type ServiceRow = {
  id: string;
  name: string;
  description: string;
  category: 'vask' | 'polering' | 'special';
  duration_minutes: number;
  price: number;
  sort_order: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
};

export type SettingRow = {
  key: string;
  value: string;
  description: string;
  is_public: boolean;
};

export type OpeningHoursRow = {
  weekday: number;
  opens_at: string | null;
  closes_at: string | null;
};

export type DayRow = {
  day: string;
  reason: string;
};

export type Database = {
  public: {
    Tables: {
      services: Table<ServiceRow>;
      settings: Table<SettingRow>;
      opening_hours: Table<OpeningHoursRow>;
      closed_dates: Table<DayRow>;
      open_dates: Table<DayRow & { opens_at: string | null; closes_at: string | null }>;
    };
    Views: Record<never, never>;
    Functions: Record<never, never>;
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
