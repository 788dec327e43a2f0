-- CreateTable
-- Hand-edited: UNLOGGED (Prisma's schema cannot say so). Counters of a few minutes need no crash
-- safety, and every API request writes one, so they skip the write-ahead log.
CREATE UNLOGGED TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "hits" INTEGER NOT NULL,
    "resetAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_resetAt_idx" ON "RateLimitCounter"("resetAt");
