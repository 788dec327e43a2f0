-- DropIndex
DROP INDEX "Equipment_status_idx";

-- DropIndex
DROP INDEX "InventoryItem_category_idx";

-- DropIndex
DROP INDEX "Request_requesterId_idx";

-- CreateIndex
CREATE INDEX "Equipment_status_name_id_idx" ON "Equipment"("status", "name", "id");

-- CreateIndex
CREATE INDEX "InventoryItem_category_name_id_idx" ON "InventoryItem"("category", "name", "id");

-- CreateIndex
CREATE INDEX "Request_requesterId_id_idx" ON "Request"("requesterId", "id");

-- Hand-written (Prisma's schema has no partial indexes; the schema engine leaves this one alone):
-- §4's Low Stock rows only, in the order of lowStockItems, so the low-stock list and the
-- dashboard's low-stock count read the low rows and not the whole table.
CREATE INDEX "InventoryItem_low_stock_idx" ON "InventoryItem"("quantity", "name", "id") WHERE "quantity" <= "minQuantity";
