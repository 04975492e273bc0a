// Loom tests, quality family: the quadrilateral measures Loom computes (Edge Ratio, Area) against Verdict's functions on
// every case of ForEveryCase (QualityTesting.h); the measures Loom leaves to VTK's filter give NaN.
#include "QualityTesting.h"

#include <loom/algorithms/quality/QuadQuality.h>

#include <verdict.h>

using namespace loom_quality_testing;
using namespace loom::algorithms::quality;

namespace
{
const double Reference[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
} // namespace

TEST(QuadQuality, AsVerdict)
{
  ForEveryCase(Reference, true, [](const Corners<4>& c, const std::string& what) {
    EXPECT_TRUE(SameQuality(QuadQuality(EdgeRatio, c.P, 1.0), verdict::quad_edge_ratio(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(QuadQuality(Area, c.P, 1.0), verdict::quad_area(4, c.C), 0.0)) << what;
  });
}

TEST(QuadQuality, OthersNaN)
{
  Point p[4];
  for (int k = 0; k < 4; ++k)
    p[k] = Point(Reference[k][0], Reference[k][1], Reference[k][2]);
  for (int m : { -1, static_cast<int>(Shape), static_cast<int>(MeasureCount), 99 })
    EXPECT_TRUE(std::isnan(QuadQuality(m, p, 1.0))) << m;
}
