// GENERATED FILE, do not edit by hand. Regenerate with `npm run db:types` (local/cli/db-types.ts)
// after changing a migration: it reads the schema the migrations in supabase/migrations build.
import type { SqlAnswers } from './sql-answers.ts';

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

/** A jsonb function's answer: its declaration in sql-answers.ts, or any JSON. */
type SqlAnswer<N extends string> = N extends keyof SqlAnswers ? SqlAnswers[N] : Json;

export type Database = {
  // Allows createClient<Database> to infer the PostgREST version.
  __InternalSupabase: {
    PostgrestVersion: '12.2.3';
  };
  public: {
    Tables: {
      addon_services: {
        Row: {
          addon_id: string;
          service_id: string;
        };
        Insert: {
          addon_id: string;
          service_id: string;
        };
        Update: {
          addon_id?: string;
          service_id?: string;
        };
        Relationships: [];
      };
      addons: {
        Row: {
          id: string;
          name: string;
          description: string;
          price: number;
          duration_minutes: number;
          sort_order: number;
          is_active: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          description?: string;
          price: number;
          duration_minutes?: number;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          description?: string;
          price?: number;
          duration_minutes?: number;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      booking_challenge_uses: {
        Row: {
          signature: string;
          expires_at: string;
        };
        Insert: {
          signature: string;
          expires_at: string;
        };
        Update: {
          signature?: string;
          expires_at?: string;
        };
        Relationships: [];
      };
      booking_moves: {
        Row: {
          id: number;
          booking_id: string;
          moved_by: string;
          from_drop_off_at: string;
          from_ready_at: string;
          to_drop_off_at: string;
          to_ready_at: string;
          moved_at: string;
        };
        Insert: {
          id?: number;
          booking_id: string;
          moved_by: string;
          from_drop_off_at: string;
          from_ready_at: string;
          to_drop_off_at: string;
          to_ready_at: string;
          moved_at?: string;
        };
        Update: {
          id?: number;
          booking_id?: string;
          moved_by?: string;
          from_drop_off_at?: string;
          from_ready_at?: string;
          to_drop_off_at?: string;
          to_ready_at?: string;
          moved_at?: string;
        };
        Relationships: [];
      };
      booking_rate_limits: {
        Row: {
          bucket: string;
          window_start: string;
          hits: number;
        };
        Insert: {
          bucket: string;
          window_start: string;
          hits?: number;
        };
        Update: {
          bucket?: string;
          window_start?: string;
          hits?: number;
        };
        Relationships: [];
      };
      booking_replaced_links: {
        Row: {
          token_hash: string;
          booking_id: string;
          reason: string;
          replaced_at: string;
        };
        Insert: {
          token_hash: string;
          booking_id: string;
          reason: string;
          replaced_at?: string;
        };
        Update: {
          token_hash?: string;
          booking_id?: string;
          reason?: string;
          replaced_at?: string;
        };
        Relationships: [];
      };
      booking_status_undo: {
        Row: {
          booking_id: string;
          from_status: string;
          to_status: string;
          until: string;
        };
        Insert: {
          booking_id: string;
          from_status: string;
          to_status: string;
          until: string;
        };
        Update: {
          booking_id?: string;
          from_status?: string;
          to_status?: string;
          until?: string;
        };
        Relationships: [];
      };
      booking_work_periods: {
        Row: {
          id: number;
          booking_id: string;
          bay: number;
          period: string;
          active: boolean;
          released: boolean;
        };
        Insert: {
          id?: number;
          booking_id: string;
          bay: number;
          period: string;
          active?: boolean;
          released?: boolean;
        };
        Update: {
          id?: number;
          booking_id?: string;
          bay?: number;
          period?: string;
          active?: boolean;
          released?: boolean;
        };
        Relationships: [];
      };
      bookings: {
        Row: {
          id: string;
          reference: string;
          service_id: string;
          service_name: string;
          duration_minutes: number;
          price: number;
          booking_date: string;
          booking_time: string;
          drop_off_at: string;
          ready_at: string;
          customer_name: string;
          customer_email: string;
          customer_phone: string;
          notes: string;
          status: string;
          cancel_token: string | null;
          cancelled_at: string | null;
          idempotency_key: string | null;
          client_ip: string | null;
          created_at: string;
          updated_at: string;
          anonymised_at: string | null;
          idempotency_hash: string | null;
          cancel_token_hash: string;
          move_count: number;
          ics_sequence: number;
          moved_at: string | null;
          source: string;
          reconfirmed_at: string | null;
          car_plate: string;
          sms_opt_in: boolean;
          new_ready_at: string | null;
          ready_revision: number;
          status_changed_at: string | null;
          client_networks: string[] | null;
          car_size: string;
          addon_ids: string[];
          job: Json | null;
        };
        Insert: {
          id?: string;
          reference?: string;
          service_id: string;
          service_name: string;
          duration_minutes: number;
          price: number;
          booking_date: string;
          booking_time: string;
          drop_off_at: string;
          ready_at: string;
          customer_name: string;
          customer_email: string;
          customer_phone: string;
          notes?: string;
          status?: string;
          cancel_token?: string | null;
          cancelled_at?: string | null;
          idempotency_key?: string | null;
          client_ip?: string | null;
          created_at?: string;
          updated_at?: string;
          anonymised_at?: string | null;
          idempotency_hash?: string | null;
          cancel_token_hash: string;
          move_count?: number;
          ics_sequence?: number;
          moved_at?: string | null;
          source?: string;
          reconfirmed_at?: string | null;
          car_plate?: string;
          sms_opt_in?: boolean;
          new_ready_at?: string | null;
          ready_revision?: number;
          status_changed_at?: string | null;
          client_networks?: never;
          car_size?: string;
          addon_ids?: string[];
          job?: Json | null;
        };
        Update: {
          id?: string;
          reference?: string;
          service_id?: string;
          service_name?: string;
          duration_minutes?: number;
          price?: number;
          booking_date?: string;
          booking_time?: string;
          drop_off_at?: string;
          ready_at?: string;
          customer_name?: string;
          customer_email?: string;
          customer_phone?: string;
          notes?: string;
          status?: string;
          cancel_token?: string | null;
          cancelled_at?: string | null;
          idempotency_key?: string | null;
          client_ip?: string | null;
          created_at?: string;
          updated_at?: string;
          anonymised_at?: string | null;
          idempotency_hash?: string | null;
          cancel_token_hash?: string;
          move_count?: number;
          ics_sequence?: number;
          moved_at?: string | null;
          source?: string;
          reconfirmed_at?: string | null;
          car_plate?: string;
          sms_opt_in?: boolean;
          new_ready_at?: string | null;
          ready_revision?: number;
          status_changed_at?: string | null;
          client_networks?: never;
          car_size?: string;
          addon_ids?: string[];
          job?: Json | null;
        };
        Relationships: [];
      };
      car_sizes: {
        Row: {
          code: string;
          name: string;
          description: string;
          sort_order: number;
          is_standard: boolean;
          is_active: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          code: string;
          name: string;
          description?: string;
          sort_order?: number;
          is_standard?: boolean;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          code?: string;
          name?: string;
          description?: string;
          sort_order?: number;
          is_standard?: boolean;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      closed_dates: {
        Row: {
          day: string;
          reason: string;
          last_day: string | null;
          affected_bookings: string;
        };
        Insert: {
          day: string;
          reason?: string;
          last_day?: string | null;
          affected_bookings?: string;
        };
        Update: {
          day?: string;
          reason?: string;
          last_day?: string | null;
          affected_bookings?: string;
        };
        Relationships: [];
      };
      email_outbox: {
        Row: {
          id: string;
          booking_id: string | null;
          kind: string;
          recipient: string | null;
          payload: Json;
          status: string;
          attempts: number;
          last_error: string | null;
          idempotency_key: string;
          next_attempt_at: string;
          sent_at: string | null;
          created_at: string;
          locked_until: string | null;
          last_attempt_at: string | null;
          provider_message_id: string | null;
          purged_at: string | null;
          owner_alerted_at: string | null;
          agenda_listed_at: string | null;
        };
        Insert: {
          id?: string;
          booking_id?: string | null;
          kind: string;
          recipient?: string | null;
          payload?: Json;
          status?: string;
          attempts?: number;
          last_error?: string | null;
          idempotency_key: string;
          next_attempt_at?: string;
          sent_at?: string | null;
          created_at?: string;
          locked_until?: string | null;
          last_attempt_at?: string | null;
          provider_message_id?: string | null;
          purged_at?: string | null;
          owner_alerted_at?: string | null;
          agenda_listed_at?: string | null;
        };
        Update: {
          id?: string;
          booking_id?: string | null;
          kind?: string;
          recipient?: string | null;
          payload?: Json;
          status?: string;
          attempts?: number;
          last_error?: string | null;
          idempotency_key?: string;
          next_attempt_at?: string;
          sent_at?: string | null;
          created_at?: string;
          locked_until?: string | null;
          last_attempt_at?: string | null;
          provider_message_id?: string | null;
          purged_at?: string | null;
          owner_alerted_at?: string | null;
          agenda_listed_at?: string | null;
        };
        Relationships: [];
      };
      open_dates: {
        Row: {
          day: string;
          opens_at: string | null;
          closes_at: string | null;
          reason: string;
        };
        Insert: {
          day: string;
          opens_at?: string | null;
          closes_at?: string | null;
          reason?: string;
        };
        Update: {
          day?: string;
          opens_at?: string | null;
          closes_at?: string | null;
          reason?: string;
        };
        Relationships: [];
      };
      opening_hours: {
        Row: {
          weekday: number;
          opens_at: string | null;
          closes_at: string | null;
        };
        Insert: {
          weekday: number;
          opens_at?: string | null;
          closes_at?: string | null;
        };
        Update: {
          weekday?: number;
          opens_at?: string | null;
          closes_at?: string | null;
        };
        Relationships: [];
      };
      owner_bookings: {
        Row: {
          package: string | null;
          drop_off_local: string | null;
          customer_name: string | null;
          customer_phone: string | null;
          customer_email: string | null;
          notes: string | null;
          status: Database['public']['Enums']['owner_status'] | null;
          ready_local: string | null;
          reference: string;
          car_plate: string | null;
          no_shows: number | null;
          car_size: string | null;
          addons: string | null;
          price: number | null;
        };
        Insert: {
          package?: string | null;
          drop_off_local?: string | null;
          customer_name?: string | null;
          customer_phone?: string | null;
          customer_email?: string | null;
          notes?: string | null;
          status?: Database['public']['Enums']['owner_status'] | null;
          ready_local?: string | null;
          reference: string;
          car_plate?: string | null;
          no_shows?: number | null;
          car_size?: string | null;
          addons?: string | null;
          price?: number | null;
        };
        Update: {
          package?: string | null;
          drop_off_local?: string | null;
          customer_name?: string | null;
          customer_phone?: string | null;
          customer_email?: string | null;
          notes?: string | null;
          status?: Database['public']['Enums']['owner_status'] | null;
          ready_local?: string | null;
          reference?: string;
          car_plate?: string | null;
          no_shows?: number | null;
          car_size?: string | null;
          addons?: string | null;
          price?: number | null;
        };
        Relationships: [];
      };
      owners: {
        Row: {
          email: string;
          name: string;
        };
        Insert: {
          email: string;
          name?: string;
        };
        Update: {
          email?: string;
          name?: string;
        };
        Relationships: [];
      };
      review_opt_outs: {
        Row: {
          email: string;
          opted_out_at: string;
        };
        Insert: {
          email: string;
          opted_out_at: string;
        };
        Update: {
          email?: string;
          opted_out_at?: string;
        };
        Relationships: [];
      };
      review_requests: {
        Row: {
          booking_id: string;
          opt_out_token_hash: string;
          created_at: string;
        };
        Insert: {
          booking_id: string;
          opt_out_token_hash: string;
          created_at?: string;
        };
        Update: {
          booking_id?: string;
          opt_out_token_hash?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      review_settings: {
        Row: {
          id: boolean;
          review_url: string | null;
        };
        Insert: {
          id?: boolean;
          review_url?: string | null;
        };
        Update: {
          id?: boolean;
          review_url?: string | null;
        };
        Relationships: [];
      };
      service_size_prices: {
        Row: {
          service_id: string;
          car_size: string;
          price: number;
          extra_minutes: number;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          service_id: string;
          car_size: string;
          price: number;
          extra_minutes?: number;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          service_id?: string;
          car_size?: string;
          price?: number;
          extra_minutes?: number;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      services: {
        Row: {
          id: string;
          name: string;
          description: string;
          category: string;
          duration_minutes: number;
          price: number;
          sort_order: number;
          is_active: boolean;
          created_at: string;
          updated_at: string;
          slug: string;
        };
        Insert: {
          id?: string;
          name: string;
          description?: string;
          category: string;
          duration_minutes: number;
          price: number;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
          slug: string;
        };
        Update: {
          id?: string;
          name?: string;
          description?: string;
          category?: string;
          duration_minutes?: number;
          price?: number;
          sort_order?: number;
          is_active?: boolean;
          created_at?: string;
          updated_at?: string;
          slug?: string;
        };
        Relationships: [];
      };
      settings: {
        Row: {
          key: string;
          value: string;
          description: string;
          is_public: boolean;
        };
        Insert: {
          key: string;
          value: string;
          description?: string;
          is_public?: boolean;
        };
        Update: {
          key?: string;
          value?: string;
          description?: string;
          is_public?: boolean;
        };
        Relationships: [];
      };
      site_rebuild: {
        Row: {
          id: boolean;
          requested_at: string | null;
          requested_xact: number | null;
          pending_since: string | null;
          last_request_id: number | null;
          last_error: string | null;
          last_error_at: string | null;
        };
        Insert: {
          id?: boolean;
          requested_at?: string | null;
          requested_xact?: number | null;
          pending_since?: string | null;
          last_request_id?: number | null;
          last_error?: string | null;
          last_error_at?: string | null;
        };
        Update: {
          id?: boolean;
          requested_at?: string | null;
          requested_xact?: number | null;
          pending_since?: string | null;
          last_request_id?: number | null;
          last_error?: string | null;
          last_error_at?: string | null;
        };
        Relationships: [];
      };
      visitor_messages: {
        Row: {
          id: string;
          topic: string;
          name: string;
          email: string;
          phone: string | null;
          car: string | null;
          message: string;
          client_ip: string | null;
          idempotency_key: string | null;
          request_hash: string;
          created_at: string;
        };
        Insert: {
          id?: string;
          topic: string;
          name: string;
          email: string;
          phone?: string | null;
          car?: string | null;
          message: string;
          client_ip?: string | null;
          idempotency_key?: string | null;
          request_hash: string;
          created_at?: string;
        };
        Update: {
          id?: string;
          topic?: string;
          name?: string;
          email?: string;
          phone?: string | null;
          car?: string | null;
          message?: string;
          client_ip?: string | null;
          idempotency_key?: string | null;
          request_hash?: string;
          created_at?: string;
        };
        Relationships: [];
      };
      waitlist_entries: {
        Row: {
          id: string;
          day: string;
          service_id: string;
          email: string;
          leave_token_hash: string;
          client_ip: string | null;
          created_at: string;
          notified_at: string | null;
          phone: string | null;
          car_size: string | null;
          addon_ids: string[];
        };
        Insert: {
          id?: string;
          day: string;
          service_id: string;
          email: string;
          leave_token_hash: string;
          client_ip?: string | null;
          created_at: string;
          notified_at?: string | null;
          phone?: string | null;
          car_size?: string | null;
          addon_ids?: string[];
        };
        Update: {
          id?: string;
          day?: string;
          service_id?: string;
          email?: string;
          leave_token_hash?: string;
          client_ip?: string | null;
          created_at?: string;
          notified_at?: string | null;
          phone?: string | null;
          car_size?: string | null;
          addon_ids?: string[];
        };
        Relationships: [];
      };
    };
    Views: {
      owner_agenda: {
        Row: {
          day: string | null;
          role: string | null;
          drop_off_local: string | null;
          ready_local: string | null;
          package: string | null;
          car_size: string | null;
          addons: string | null;
          price: number | null;
          customer_name: string | null;
          customer_phone: string | null;
          customer_email: string | null;
          notes: string | null;
          status: Database['public']['Enums']['owner_status'] | null;
          reference: string | null;
          car_plate: string | null;
          no_shows: number | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      api_privilege_findings: {
        Args: never;
        Returns: string[];
      };
      booking_address_buckets: {
        Args: {
          p_ip: string;
        };
        Returns: string[];
      };
      booking_address_networks: {
        Args: {
          p_ip: string;
        };
        Returns: {
          bucket: string;
          factor: number;
        }[];
      };
      booking_by_token: {
        Args: {
          p_token: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      booking_calendar: {
        Args: {
          p_service_id: string;
          p_now?: string;
          p_own_booking?: string;
          p_owner?: boolean;
          p_minutes?: number;
        };
        Returns: SqlAnswer<'booking_calendar'>;
      };
      booking_cancel_car_messages: {
        Args: {
          p_booking_id: string;
          p_kinds: string[];
          p_reason: string;
        };
        Returns: undefined;
      };
      booking_cancel_info: {
        Args: {
          p_token: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'booking_cancel_info'>;
      };
      booking_cancel_view: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: SqlAnswer<'booking_cancel_view'>;
      };
      booking_candidates: {
        Args: {
          p_service_id: string;
          p_day: string;
          p_now?: string;
          p_owner?: boolean;
          p_minutes?: number;
        };
        Returns: {
          slot: string;
          drop_off_at: string;
          ready_at: string;
          blocked: string[];
        }[];
      };
      booking_cap_reached: {
        Args: {
          p_ip: string;
          p_email: string;
          p_phone: string;
          p_now?: string;
        };
        Returns: string;
      };
      booking_caps_lock_key: {
        Args: never;
        Returns: number;
      };
      booking_car_message_notifies: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: boolean;
      };
      booking_challenge_cost: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      booking_challenge_cost_at: {
        Args: {
          p_level: number;
        };
        Returns: number;
      };
      booking_challenge_level: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      booking_change_deadline: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: string;
      };
      booking_contact: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'booking_contact'>;
      };
      booking_customer_refusal: {
        Args: {
          p_request: Database['public']['CompositeTypes']['booking_request'];
        };
        Returns: SqlAnswer<'booking_customer_refusal'>;
      };
      booking_day_hours: {
        Args: {
          p_day: string;
        };
        Returns: {
          opens_at: string;
          closes_at: string;
        }[];
      };
      booking_day_role: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_day: string;
        };
        Returns: {
          role: string;
          at: string;
        }[];
      };
      booking_day_rule: {
        Args: {
          p_day: string;
        };
        Returns: {
          closed_reason: string;
          holiday: string;
          opens_at: string;
          closes_at: string;
        }[];
      };
      booking_days: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: {
          day: string;
          role: string;
          at: string;
        }[];
      };
      booking_free_bay: {
        Args: {
          p_blocked: string[];
        };
        Returns: number;
      };
      booking_free_times: {
        Args: {
          p_service_id: string;
          p_date: string;
          p_now: string;
          p_minutes: number;
          p_own_booking?: string;
          p_owner?: boolean;
        };
        Returns: SqlAnswer<'booking_free_times'>;
      };
      booking_hard_cap_per_hour: {
        Args: never;
        Returns: number;
      };
      booking_insert: {
        Args: {
          p_id: string;
          p_job: Json;
          p_request: Database['public']['CompositeTypes']['booking_request'];
          p_drop_off: string;
          p_ready: string;
          p_blocked: string[];
          p_source: string;
          p_idempotency_key?: string;
          p_idempotency_hash?: string;
          p_client_ip?: string;
          p_created_at?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      booking_invalid_hit: {
        Args: {
          p_ip: string;
          p_now?: string;
        };
        Returns: boolean;
      };
      booking_job: {
        Args: {
          p_service_id: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'booking_job'>;
      };
      booking_job_periods: {
        Args: {
          p_start: string;
          p_minutes: number;
        };
        Returns: string[];
      };
      booking_job_summary: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'booking_job_summary'>;
      };
      booking_link_answer: {
        Args: {
          p_token: string;
          p_now: string;
          p_moving: boolean;
        };
        Returns: SqlAnswer<'booking_link_answer'>;
      };
      booking_link_view: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
          p_moving: boolean;
        };
        Returns: SqlAnswer<'booking_link_view'>;
      };
      booking_move_calendar: {
        Args: {
          p_token: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'booking_move_calendar'>;
      };
      booking_move_info: {
        Args: {
          p_token: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'booking_move_info'>;
      };
      booking_move_slots: {
        Args: {
          p_token: string;
          p_date: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'booking_move_slots'>;
      };
      booking_move_view: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: SqlAnswer<'booking_move_view'>;
      };
      booking_moves_left: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: number;
      };
      booking_no_show_call_required: {
        Args: {
          p_drop_off: string;
          p_ready: string;
          p_phone: string;
          p_email: string;
          p_now: string;
        };
        Returns: boolean;
      };
      booking_no_shows: {
        Args: {
          p_phone: string;
          p_email: string;
          p_now?: string;
        };
        Returns: number;
      };
      booking_owner_line: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: string;
      };
      booking_pickup_hours: {
        Args: {
          p_now: string;
        };
        Returns: SqlAnswer<'booking_pickup_hours'>;
      };
      booking_queue_car_ready: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: undefined;
      };
      booking_queue_emails: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_customer_kind: string;
          p_owner_kind: string;
          p_key_suffix: string;
          p_customer_extra: Json;
          p_owner_extra: Json;
          p_next_attempt_at: string;
        };
        Returns: undefined;
      };
      booking_queue_review_request: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: undefined;
      };
      booking_random_reference: {
        Args: never;
        Returns: string;
      };
      booking_random_token: {
        Args: never;
        Returns: string;
      };
      booking_rate_limit_hit: {
        Args: {
          p_ip: string;
          p_email: string;
          p_now?: string;
        };
        Returns: boolean;
      };
      booking_reconfirm_notifies: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: boolean;
      };
      booking_release_bay: {
        Args: {
          p_booking_id: string;
          p_now: string;
        };
        Returns: undefined;
      };
      booking_replaced_link_state: {
        Args: {
          p_token: string;
        };
        Returns: string;
      };
      booking_request_attributes: {
        Args: {
          p_also_in?: string;
        };
        Returns: string[];
      };
      booking_request_choices: {
        Args: never;
        Returns: string[];
      };
      booking_request_hash: {
        Args: {
          p_request: Database['public']['CompositeTypes']['booking_request'];
        };
        Returns: string;
      };
      booking_request_of: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: Database['public']['CompositeTypes']['booking_request'];
      };
      booking_request_tidied: {
        Args: {
          p_request: Database['public']['CompositeTypes']['booking_request'];
        };
        Returns: Database['public']['CompositeTypes']['booking_request'];
      };
      booking_result: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'booking_result'>;
      };
      booking_set_status: {
        Args: {
          p_booking_id: string;
          p_status: string;
          p_now?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      booking_setting: {
        Args: {
          p_key: string;
          p_default: number;
        };
        Returns: number;
      };
      booking_status_next: {
        Args: {
          p_status: string;
        };
        Returns: string[];
      };
      booking_status_refusal: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_status: string;
        };
        Returns: string;
      };
      booking_status_text: {
        Args: {
          p_status: string;
        };
        Returns: string;
      };
      booking_status_too_early: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_status: string;
          p_now: string;
        };
        Returns: string;
      };
      booking_summary: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'booking_summary'>;
      };
      booking_token_hash: {
        Args: {
          p_token: string;
        };
        Returns: string;
      };
      booking_unknown_address_alert: {
        Args: {
          p_now?: string;
        };
        Returns: undefined;
      };
      bookings_off_hours: {
        Args: {
          p_days: string[];
          p_weekdays: number[];
        };
        Returns: string;
      };
      call_edge_function: {
        Args: {
          p_name: string;
          p_body?: Json;
        };
        Returns: number;
      };
      cancel_booking: {
        Args: {
          p_token: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'cancel_booking'>;
      };
      car_plate_normalised: {
        Args: {
          p_plate: string;
        };
        Returns: string;
      };
      car_size_standard: {
        Args: never;
        Returns: string;
      };
      closed_days_affected: {
        Args: {
          p_from: string;
          p_to: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'][];
      };
      closed_days_bookings: {
        Args: {
          p_from: string;
          p_to: string;
        };
        Returns: string;
      };
      copenhagen_iso: {
        Args: {
          p_at: string;
        };
        Returns: string;
      };
      create_booking: {
        Args: {
          p_request: Database['public']['CompositeTypes']['booking_request'];
          p_idempotency_key?: string;
          p_client_ip?: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'create_booking'>;
      };
      create_booking_with_challenge: {
        Args: {
          p_challenge: string;
          p_challenge_expires_at: string;
          p_request: Database['public']['CompositeTypes']['booking_request'];
          p_idempotency_key?: string;
          p_client_ip?: string;
          p_now?: string;
          p_challenge_cost?: number;
        };
        Returns: SqlAnswer<'create_booking_with_challenge'>;
      };
      danish_public_holidays: {
        Args: {
          p_year: number;
        };
        Returns: {
          day: string;
          name: string;
        }[];
      };
      easter_sunday: {
        Args: {
          p_year: number;
        };
        Returns: string;
      };
      email_claim: {
        Args: {
          p_limit?: number;
          p_lease_seconds?: number;
          p_now?: string;
          p_due_by?: string;
        };
        Returns: SqlAnswer<'email_claim'>;
      };
      email_given_up_item: {
        Args: {
          p_email: Database['public']['Tables']['email_outbox']['Row'];
        };
        Returns: SqlAnswer<'email_given_up_item'>;
      };
      email_mark_cancelled: {
        Args: {
          p_id: string;
          p_reason: string;
          p_now?: string;
        };
        Returns: boolean;
      };
      email_mark_failed: {
        Args: {
          p_id: string;
          p_error: string;
          p_permanent?: boolean;
          p_now?: string;
          p_retry_after_seconds?: number;
        };
        Returns: string;
      };
      email_mark_sent: {
        Args: {
          p_id: string;
          p_provider_message_id?: string;
          p_now?: string;
        };
        Returns: boolean;
      };
      email_queue_reminders: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      email_retry_delay: {
        Args: {
          p_attempts: number;
        };
        Returns: string;
      };
      get_available_slots: {
        Args: {
          p_service_id: string;
          p_date: string;
          p_now?: string;
          p_own_booking?: string;
          p_owner?: boolean;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'get_available_slots'>;
      };
      get_booking_calendar: {
        Args: {
          p_service_id: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'get_booking_calendar'>;
      };
      is_danish_public_holiday: {
        Args: {
          p_day: string;
        };
        Returns: boolean;
      };
      join_waitlist: {
        Args: {
          p_challenge: string;
          p_challenge_expires_at: string;
          p_service_id: string;
          p_day: string;
          p_email: string;
          p_client_ip?: string;
          p_now?: string;
          p_phone?: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'join_waitlist'>;
      };
      leave_waitlist: {
        Args: {
          p_token: string;
        };
        Returns: SqlAnswer<'leave_waitlist'>;
      };
      live_status: {
        Args: never;
        Returns: SqlAnswer<'live_status'>;
      };
      move_booking: {
        Args: {
          p_booking_id: string;
          p_date: string;
          p_time: string;
          p_check_window?: boolean;
          p_check_deadline?: boolean;
          p_check_move_limit?: boolean;
          p_moved_by?: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'move_booking'>;
      };
      owner_access_token_hook: {
        Args: {
          event: Json;
        };
        Returns: SqlAnswer<'owner_access_token_hook'>;
      };
      owner_addon_ids: {
        Args: {
          p_text: string;
        };
        Returns: string[];
      };
      owner_addon_names: {
        Args: {
          p_job: Json;
        };
        Returns: string;
      };
      owner_addons_of: {
        Args: {
          p_service_id: string;
        };
        Returns: string;
      };
      owner_agenda_at: {
        Args: {
          p_now: string;
        };
        Returns: {
          day: string;
          role: string;
          drop_off_local: string;
          ready_local: string;
          package: string;
          car_size: string;
          addons: string;
          price: number;
          customer_name: string;
          customer_phone: string;
          customer_email: string;
          notes: string;
          status: Database['public']['Enums']['owner_status'];
          reference: string;
          car_plate: string;
          no_shows: number;
        }[];
      };
      owner_agenda_item: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'owner_agenda_item'>;
      };
      owner_available_slots: {
        Args: {
          p_service_id: string;
          p_day: string;
          p_car_size?: string;
          p_addon_ids?: string[];
          p_booking?: string;
        };
        Returns: SqlAnswer<'owner_available_slots'>;
      };
      owner_available_slots_at: {
        Args: {
          p_service_id: string;
          p_day: string;
          p_now: string;
          p_car_size?: string;
          p_addon_ids?: string[];
          p_booking?: string;
        };
        Returns: SqlAnswer<'owner_available_slots_at'>;
      };
      owner_book: {
        Args: {
          p_package: string;
          p_request: Database['public']['CompositeTypes']['booking_request'];
          p_now?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_booking_found: {
        Args: {
          p_booking_id: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_booking_payload: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: SqlAnswer<'owner_booking_payload'>;
      };
      owner_bookings_row: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
        };
        Returns: Database['public']['Tables']['owner_bookings']['Row'];
      };
      owner_calendar: {
        Args: {
          p_service_id: string;
          p_car_size?: string;
          p_addon_ids?: string[];
          p_booking?: string;
        };
        Returns: SqlAnswer<'owner_calendar'>;
      };
      owner_calendar_at: {
        Args: {
          p_service_id: string;
          p_now: string;
          p_car_size?: string;
          p_addon_ids?: string[];
          p_booking?: string;
        };
        Returns: SqlAnswer<'owner_calendar_at'>;
      };
      owner_calendar_bookings: {
        Args: {
          p_now?: string;
        };
        Returns: SqlAnswer<'owner_calendar_bookings'>;
      };
      owner_cancel: {
        Args: {
          p_booking_id: string;
          p_now?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_cancel_booking: {
        Args: {
          p_booking: string;
        };
        Returns: SqlAnswer<'owner_cancel_booking'>;
      };
      owner_cancel_booking_at: {
        Args: {
          p_booking: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_cancel_booking_at'>;
      };
      owner_car: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_day: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_car'>;
      };
      owner_car_day: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: string;
      };
      owner_car_next: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_now: string;
        };
        Returns: string[];
      };
      owner_car_of: {
        Args: {
          p_booking: Database['public']['Tables']['bookings']['Row'];
          p_role: string;
          p_at: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_car_of'>;
      };
      owner_car_size_code: {
        Args: {
          p_text: string;
        };
        Returns: string;
      };
      owner_check_customer: {
        Args: {
          p_request: Database['public']['CompositeTypes']['booking_request'];
        };
        Returns: undefined;
      };
      owner_check_opening_times: {
        Args: {
          p_opens: string;
          p_closes: string;
          p_empty: string;
        };
        Returns: undefined;
      };
      owner_customer_no_shows: {
        Args: {
          p_phone: string;
          p_email: string;
        };
        Returns: SqlAnswer<'owner_customer_no_shows'>;
      };
      owner_customer_no_shows_at: {
        Args: {
          p_phone: string;
          p_email: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_customer_no_shows_at'>;
      };
      owner_date_canonical: {
        Args: {
          p_day: string;
        };
        Returns: string;
      };
      owner_day: {
        Args: {
          p_day: string;
        };
        Returns: SqlAnswer<'owner_day'>;
      };
      owner_day_at: {
        Args: {
          p_day: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_day_at'>;
      };
      owner_day_text: {
        Args: {
          p_day: string;
        };
        Returns: string;
      };
      owner_day_waitlist: {
        Args: {
          p_day: string;
        };
        Returns: SqlAnswer<'owner_day_waitlist'>;
      };
      owner_drop_off: {
        Args: {
          p_drop_off: string;
          p_missing: string;
        };
        Returns: string;
      };
      owner_job: {
        Args: {
          p_service: Database['public']['Tables']['services']['Row'];
          p_request: Database['public']['CompositeTypes']['booking_request'];
        };
        Returns: SqlAnswer<'owner_job'>;
      };
      owner_me: {
        Args: never;
        Returns: SqlAnswer<'owner_me'>;
      };
      owner_message_at: {
        Args: {
          p_now: string;
        };
        Returns: string;
      };
      owner_message_undone: {
        Args: {
          p_booking_id: string;
          p_kind: string;
          p_reason: string;
        };
        Returns: boolean;
      };
      owner_move: {
        Args: {
          p_booking_id: string;
          p_drop_off: string;
          p_now?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_move_booking: {
        Args: {
          p_booking: string;
          p_date: string;
          p_time: string;
        };
        Returns: SqlAnswer<'owner_move_booking'>;
      };
      owner_move_booking_at: {
        Args: {
          p_booking: string;
          p_date: string;
          p_time: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_move_booking_at'>;
      };
      owner_page_job: {
        Args: {
          p_service_id: string;
          p_car_size: string;
          p_addon_ids: string[];
        };
        Returns: SqlAnswer<'owner_page_job'>;
      };
      owner_page_moved: {
        Args: {
          p_booking: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_parse_date: {
        Args: {
          p_text: string;
          p_column: string;
        };
        Returns: string;
      };
      owner_parse_local_timestamp: {
        Args: {
          p_text: string;
          p_column: string;
        };
        Returns: string;
      };
      owner_parse_time: {
        Args: {
          p_text: string;
          p_column: string;
        };
        Returns: string;
      };
      owner_phone_booking: {
        Args: {
          p_request_id: string;
          p_service_id: string;
          p_date: string;
          p_time: string;
          p_customer_name: string;
          p_customer_phone: string;
          p_customer_email: string;
          p_car_plate: string;
          p_notes: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'owner_phone_booking'>;
      };
      owner_phone_booking_at: {
        Args: {
          p_request_id: string;
          p_service_id: string;
          p_date: string;
          p_time: string;
          p_customer_name: string;
          p_customer_phone: string;
          p_customer_email: string;
          p_car_plate: string;
          p_notes: string;
          p_now: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: SqlAnswer<'owner_phone_booking_at'>;
      };
      owner_plan: {
        Args: {
          p_minutes: number;
          p_drop_off: string;
          p_now?: string;
        };
        Returns: string[];
      };
      owner_ready_time: {
        Args: {
          p_typed: string;
        };
        Returns: string;
      };
      owner_required: {
        Args: never;
        Returns: string;
      };
      owner_send_email: {
        Args: never;
        Returns: boolean;
      };
      owner_set_ready_time: {
        Args: {
          p_booking_id: string;
          p_ready: string;
          p_now?: string;
        };
        Returns: Database['public']['Tables']['bookings']['Row'];
      };
      owner_set_status: {
        Args: {
          p_booking: string;
          p_status: string;
          p_from: string;
        };
        Returns: SqlAnswer<'owner_set_status'>;
      };
      owner_set_status_at: {
        Args: {
          p_booking: string;
          p_status: string;
          p_from: string;
          p_now: string;
        };
        Returns: SqlAnswer<'owner_set_status_at'>;
      };
      owner_sizes_of: {
        Args: {
          p_service_id: string;
        };
        Returns: string;
      };
      owner_status_code: {
        Args: {
          p_status: Database['public']['Enums']['owner_status'];
        };
        Returns: string;
      };
      owner_status_of: {
        Args: {
          p_code: string;
        };
        Returns: Database['public']['Enums']['owner_status'];
      };
      owner_taken_message: {
        Args: {
          p_blocked: string[];
        };
        Returns: string;
      };
      owner_time_of: {
        Args: {
          p_time: string;
        };
        Returns: string;
      };
      owner_time_text: {
        Args: {
          p_at: string;
        };
        Returns: string;
      };
      phone_checked: {
        Args: {
          p_phone: string;
        };
        Returns: string;
      };
      phone_display: {
        Args: {
          p_phone: string;
        };
        Returns: string;
      };
      phone_e164: {
        Args: {
          p_phone: string;
        };
        Returns: string;
      };
      queue_given_up_alert: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      queue_owner_agenda: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      reschedule_booking: {
        Args: {
          p_token: string;
          p_date: string;
          p_time: string;
          p_now?: string;
        };
        Returns: SqlAnswer<'reschedule_booking'>;
      };
      retention_phone_key: {
        Args: {
          p_phone: string;
        };
        Returns: string;
      };
      review_opt_out: {
        Args: {
          p_token: string;
          p_now?: string;
        };
        Returns: string;
      };
      review_request_send_at: {
        Args: {
          p_collected: string;
        };
        Returns: string;
      };
      review_url: {
        Args: never;
        Returns: string;
      };
      run_retention: {
        Args: {
          p_now?: string;
        };
        Returns: SqlAnswer<'run_retention'>;
      };
      service_slug: {
        Args: {
          name: string;
        };
        Returns: string;
      };
      setting_nearest: {
        Args: {
          p_key: string;
        };
        Returns: string;
      };
      setting_range: {
        Args: {
          p_key: string;
        };
        Returns: {
          min_value: number;
          max_value: number;
          unit: string;
        }[];
      };
      setting_ranges: {
        Args: never;
        Returns: {
          key: string;
          min_value: number;
          max_value: number;
          unit: string;
        }[];
      };
      site_rebuild_anniversary: {
        Args: {
          p_now?: string;
        };
        Returns: boolean;
      };
      site_rebuild_call: {
        Args: {
          p_now: string;
        };
        Returns: boolean;
      };
      site_rebuild_flush: {
        Args: {
          p_now?: string;
        };
        Returns: boolean;
      };
      site_rebuild_request: {
        Args: {
          p_now: string;
          p_change: boolean;
        };
        Returns: boolean;
      };
      sms_kind: {
        Args: {
          p_email_kind: string;
        };
        Returns: string;
      };
      sms_number: {
        Args: {
          p_phone: string;
        };
        Returns: string;
      };
      sms_queue: {
        Args: {
          p_booking_id: string;
          p_kind: string;
          p_phone: string;
          p_payload: Json;
          p_idempotency_key: string;
          p_next_attempt_at: string;
          p_created_at: string;
        };
        Returns: undefined;
      };
      text_has_link: {
        Args: {
          p_text: string;
        };
        Returns: boolean;
      };
      visitor_message_send: {
        Args: {
          p_challenge: string;
          p_challenge_expires_at: string;
          p_request: Json;
          p_idempotency_key?: string;
          p_client_ip?: string;
          p_now?: string;
          p_challenge_cost?: number;
        };
        Returns: SqlAnswer<'visitor_message_send'>;
      };
      waitlist_day_state: {
        Args: {
          p_service_id: string;
          p_day: string;
          p_now: string;
          p_car_size?: string;
          p_addon_ids?: string[];
        };
        Returns: string;
      };
      waitlist_notify: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
      waitlist_retention: {
        Args: {
          p_now?: string;
        };
        Returns: number;
      };
    };
    Enums: {
      owner_status: 'bekræftet' | 'ankommet' | 'klar' | 'afhentet' | 'udeblevet' | 'aflyst';
    };
    CompositeTypes: {
      booking_request: {
        service_id: string | null;
        booking_date: string | null;
        booking_time: string | null;
        customer_name: string | null;
        customer_email: string | null;
        customer_phone: string | null;
        notes: string | null;
        car_plate: string | null;
        sms_opt_in: boolean | null;
        car_size: string | null;
        addon_ids: string[] | null;
      };
    };
  };
};

type PublicSchema = Database['public'];

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> =
  PublicSchema['Tables'][T]['Update'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];
