// Loom tests, quality family: the tetrahedron measures Loom computes (Radius Ratio, Volume, Edge Ratio) against Verdict's functions on
// every case of ForEveryCase (QualityTesting.h); the measures Loom leaves to VTK's filter give NaN.
#include "QualityTesting.h"

#include <loom/algorithms/quality/TetQuality.h>

#include <verdict.h>

using namespace loom_quality_testing;
using namespace loom::algorithms::quality;

namespace
{
const double Reference[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0.5, 0.3, 0.8 } };
} // namespace

TEST(TetQuality, AsVerdict)
{
  ForEveryCase(Reference, false, [](const Corners<4>& c, const std::string& what) {
    EXPECT_TRUE(SameQuality(TetQuality(RadiusRatio, c.P, 1.0), verdict::tet_radius_ratio(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(Volume, c.P, 1.0), verdict::tet_volume(4, c.C), 0.0)) << what;
    EXPECT_TRUE(SameQuality(TetQuality(EdgeRatio, c.P, 1.0), verdict::tet_edge_ratio(4, c.C))) << what;
  });
}

TEST(TetQuality, OthersNaN)
{
  Point p[4];
  for (int k = 0; k < 4; ++k)
    p[k] = Point(Reference[k][0], Reference[k][1], Reference[k][2]);
  for (int m : { -1, static_cast<int>(Shape), static_cast<int>(MeasureCount), 99 })
    EXPECT_TRUE(std::isnan(TetQuality(m, p, 1.0))) << m;
}
