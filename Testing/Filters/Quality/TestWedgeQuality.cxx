// Loom tests, quality family: the wedge measures Loom computes (Edge Ratio, Volume) against Verdict's functions on
// every case of ForEveryCase (QualityTesting.h); the measures Loom leaves to VTK's filter give NaN.
#include "QualityTesting.h"

#include <loom/algorithms/quality/WedgeQuality.h>

#include <verdict.h>

using namespace loom_quality_testing;
using namespace loom::algorithms::quality;

namespace
{
const double Reference[6][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0.5, 0.85, 1 } };
} // namespace

TEST(WedgeQuality, AsVerdict)
{
  ForEveryCase(Reference, false, [](const Corners<6>& c, const std::string& what) {
    EXPECT_TRUE(SameQuality(WedgeQuality(EdgeRatio, c.P, 1.0), verdict::wedge_edge_ratio(6, c.C))) << what;
    EXPECT_TRUE(SameQuality(WedgeQuality(Volume, c.P, 1.0), verdict::wedge_volume(6, c.C), 0.0)) << what;
  });
}

TEST(WedgeQuality, OthersNaN)
{
  Point p[6];
  for (int k = 0; k < 6; ++k)
    p[k] = Point(Reference[k][0], Reference[k][1], Reference[k][2]);
  for (int m : { -1, static_cast<int>(Shape), static_cast<int>(MeasureCount), 99 })
    EXPECT_TRUE(std::isnan(WedgeQuality(m, p, 1.0))) << m;
}
