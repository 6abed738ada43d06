CREATE INDEX "trading_options_opened" ON "trading_options" USING btree ("mode","open_time");--> statement-breakpoint
CREATE INDEX "trading_positions_opened" ON "trading_positions" USING btree ("mode","open_time");--> statement-breakpoint
CREATE INDEX "trading_spot_orders_filled" ON "trading_spot_orders" USING btree ("mode","filled_at");